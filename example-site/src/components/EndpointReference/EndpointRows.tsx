import React, {useEffect, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

type Endpoint = {method: string; path: string; summary: string; detail: string};

/** Each endpoint as a row that opens on a click, its method, path and summary on the row's button. */
export default function EndpointRows({specUrl}: {specUrl: string}): ReactNode {
  const url = useBaseUrl(specUrl);
  const [endpoints, setEndpoints] = useState<Endpoint[] | Error>();
  const [open, setOpen] = useState<string>();
  useEffect(() => {
    fetch(url)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${url}: HTTP ${response.status}`))))
      .then(setEndpoints, setEndpoints);
  }, [url]);
  if (!endpoints) return <p>Loading the endpoint reference…</p>;
  if (endpoints instanceof Error) return <p>The endpoint reference did not load: {endpoints.message}</p>;
  return (
    <div className={styles.endpoints}>
      {endpoints.map((endpoint) => {
        const key = `${endpoint.method} ${endpoint.path}`;
        return (
          <div key={key} className={styles.endpoint}>
            <button
              type="button"
              className={styles.row}
              aria-expanded={open === key}
              onClick={() => setOpen(open === key ? undefined : key)}
            >
              <span className={styles.method}>{endpoint.method}</span>
              <code>{endpoint.path}</code>
              <span>{endpoint.summary}</span>
            </button>
            {open === key && <p>{endpoint.detail}</p>}
          </div>
        );
      })}
    </div>
  );
}
