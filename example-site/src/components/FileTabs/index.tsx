import React, {useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import styles from './styles.module.css';

type Props = {
  /** File name → source. The first file is shown first. */
  files: Record<string, string>;
};

/**
 * Source files under tabs, as sites write their own tabs (often a copy of the
 * theme's): every panel is rendered, the inactive ones collapsed by a class to
 * no height rather than hidden, so switching tabs keeps each file's scroll.
 */
export default function FileTabs({files}: Props): ReactNode {
  const names = Object.keys(files);
  const [active, setActive] = useState(names[0]);
  return (
    <div className={`tabs-container ${styles.files}`}>
      <ul role="tablist" className="tabs">
        {names.map((name) => (
          <li
            key={name}
            role="tab"
            tabIndex={name === active ? 0 : -1}
            aria-selected={name === active}
            className={`tabs__item ${name === active ? 'tabs__item--active' : ''}`}
            onClick={() => setActive(name)}
          >
            {name}
          </li>
        ))}
      </ul>
      {names.map((name) => (
        <div key={name} role="tabpanel" className={name === active ? undefined : styles.collapsed}>
          <CodeBlock language={name.endsWith('.json') ? 'json' : 'ts'} title={name}>
            {files[name]}
          </CodeBlock>
        </div>
      ))}
    </div>
  );
}
