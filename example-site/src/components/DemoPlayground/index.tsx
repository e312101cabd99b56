import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

type Theme = 'light' | 'dark';

type Props = {
  /** Folder of the demo under static/demos/: it holds a demo.html that takes `?theme=`. */
  demo: string;
  /** The demo's source, shown under the preview (Docusaurus Tabs, one per file). */
  children: ReactNode;
};

/**
 * A live demo beside its code, as component libraries' docs build them: a toolbar (the theme
 * to preview, a link to report an issue), and a preview that makes its two frames, one per theme,
 * only once it scrolls into view, under a loading screen that stays until a frame says its demo
 * is ready. The demo loads its widgets from a CDN; where that is out of reach (offline, a
 * firewall; here always, as the host is `.invalid`) the loading screen never goes.
 */
export default function DemoPlayground({demo, children}: Props): ReactNode {
  const host = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  const [ready, setReady] = useState(false);
  const [theme, setTheme] = useState<Theme>('light');
  const source = useBaseUrl(`/demos/${demo}/demo.html`);

  useEffect(() => {
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setInView(true));
    observer.observe(host.current!);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => event.data === 'demo-ready' && setReady(true);
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div className={styles.playground} ref={host}>
      <div className={styles.toolbar}>
        {(['light', 'dark'] as const).map((name) => (
          <button key={name} type="button" className={name === theme ? styles.selected : undefined} onClick={() => setTheme(name)}>
            {name === 'light' ? 'Light' : 'Dark'}
          </button>
        ))}
        <a className={styles.report} href="https://github.com/acme/widgets/issues/new" aria-label="Report an issue">
          <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
            <circle cx="6" cy="6" r="5" fill="none" stroke="currentColor" />
          </svg>
        </a>
      </div>
      {inView && (
        <div className={styles.preview}>
          {!ready && (
            <div className={styles.loading}>
              <svg aria-hidden="true" width="36" height="8" viewBox="0 0 36 8">
                <circle cx="4" cy="4" r="3" />
                <circle cx="18" cy="4" r="3" />
                <circle cx="32" cy="4" r="3" />
              </svg>
            </div>
          )}
          {(['light', 'dark'] as const).map((name) => (
            <div key={name} className={name === theme ? undefined : styles.hidden}>
              <iframe src={`${source}?theme=${name}`} height={320} />
            </div>
          ))}
        </div>
      )}
      <div className={styles.code}>{children}</div>
    </div>
  );
}
