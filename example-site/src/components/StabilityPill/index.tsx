import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

type Props = {
  /** How settled the API is: `stable`, `beta` or `experimental`. */
  level: 'stable' | 'beta' | 'experimental';
};

/**
 * A pill above the doc's title saying how settled the API is, as API references place one: it
 * is positioned at the top of the article, in room the title's top margin leaves for it.
 */
export default function StabilityPill({level}: Props): ReactNode {
  return (
    <Link className={styles.pill} to="/docs/appendix/job-options-matrix">
      {level}
    </Link>
  );
}
