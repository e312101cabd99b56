import React, {useState, type ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * A "Copy page" menu button, as docusaurus-plugin-copy-page-button puts one at the top of a doc: a
 * bordered button (an icon, its label, a chevron) that opens a menu of ways to copy the page.
 */
export default function CopyPageMenu(): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.container}>
      <button type="button" className={styles.button} aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="9" y="9" width="13" height="13" rx="2" />
          <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
        </svg>
        <span>Copy page</span>
      </button>
      {open && (
        <ul className={styles.menu} role="menu">
          <li role="menuitem">Copy as Markdown</li>
          <li role="menuitem">Open in ChatGPT</li>
        </ul>
      )}
    </div>
  );
}
