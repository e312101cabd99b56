import React, {useEffect, useState, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import CodeBlock from '@theme/CodeBlock';

type Props = {
  /** How the delay grows from one attempt to the next. */
  strategy: 'fixed' | 'exponential';
  /** Delay before the first retry, in milliseconds. */
  baseMs: number;
  attempts: number;
};

/**
 * Retry delays computed in the browser, as API reference themes draw their schemas and code
 * samples: inside BrowserOnly, so the built page holds nothing of it. It is a theme component
 * (`@theme/BackoffTable`), so a doc's source cannot tell that it draws in the browser.
 */
export default function BackoffTable({strategy, baseMs, attempts}: Props): ReactNode {
  return (
    <BrowserOnly>
      {() => {
        const delays = Array.from({length: attempts}, (_, index) => (strategy === 'fixed' ? baseMs : baseMs * 2 ** index));
        return (
          <>
            <table>
              <thead>
                <tr>
                  <th>Retry</th>
                  <th>Waits (ms)</th>
                </tr>
              </thead>
              <tbody>
                {delays.map((delay, index) => (
                  <tr key={index}>
                    <td>{index + 1}</td>
                    <td>{delay}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              A job that fails every attempt waits {delays.reduce((sum, delay) => sum + delay, 0)} ms in all before it is dead-lettered
              (drawnInBrowser{strategy === 'fixed' ? 'Fixed' : 'Exponential'}).
            </p>
            <LastViewed strategy={strategy} />
            <CodeBlock language="ts">{`queue.add('send-invoice', data, {attempts: ${attempts}, backoff: {type: '${strategy}', delay: ${baseMs}}});`}</CodeBlock>
            {/* Addressed to the page's own origin, as API reference themes do for a spec that names no server. */}
            <CodeBlock language="bash">{`curl '${window.location.origin}/api/backoff?strategy=${strategy}&attempts=${attempts}'`}</CodeBlock>
          </>
        );
      }}
    </BrowserOnly>
  );
}

/**
 * The strategy the reader looked at before this one, kept in sessionStorage as the reader moves
 * on (as API reference themes keep the chosen server): a reader who opened only this page sees
 * "none".
 */
function LastViewed({strategy}: {strategy: string}): ReactNode {
  const [previous] = useState(() => sessionStorage.getItem('backoff.last') ?? 'none');
  useEffect(() => {
    const keep = () => sessionStorage.setItem('backoff.last', strategy);
    window.addEventListener('popstate', keep);
    return () => window.removeEventListener('popstate', keep);
  }, [strategy]);
  return <p>Strategy looked at before this one: {previous} (lastViewedStrategy).</p>;
}
