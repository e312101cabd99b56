import React, {lazy, Suspense, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';

const EndpointRows = lazy(() => import('./EndpointRows'));

/**
 * An API reference drawn from a spec the browser fetches, as Swagger UI draws one: the rows'
 * code is a chunk of its own, loaded when the page shows; the rows come from a JSON file the
 * site serves. Neither is in the built page.
 */
export default function EndpointReference({specUrl}: {specUrl: string}): ReactNode {
  return (
    <BrowserOnly fallback={<p>Loading the endpoint reference…</p>}>
      {() => (
        <Suspense fallback={<p>Loading the endpoint reference…</p>}>
          <EndpointRows specUrl={specUrl} />
        </Suspense>
      )}
    </BrowserOnly>
  );
}
