import type {ClientModule} from '@docusaurus/types';

/**
 * What the native export engine reads to know a route has rendered: it moves
 * between docs with the site's own client-side router, and Docusaurus calls
 * onRouteDidUpdate once the new route's DOM is in place (also on first load).
 */
export type RouteSignal = {
  /** Path of the route last rendered. */
  path: string;
  /** Routes rendered since the page loaded. */
  renders: number;
};

declare global {
  interface Window {
    __docusaurusExportPdf?: RouteSignal;
  }
}

const routeSignal: ClientModule = {
  onRouteDidUpdate({location}) {
    window.__docusaurusExportPdf = {
      path: location.pathname,
      renders: (window.__docusaurusExportPdf?.renders ?? 0) + 1,
    };
  },
};

export default routeSignal;
