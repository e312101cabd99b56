/** Answers whether the site is up, within a short deadline. */
export type SiteProbe = () => Promise<boolean>;

/** Any HTTP answer below 500 from the site's base URL counts as running. */
export function httpSiteProbe(url: string, timeoutMs = 2000): SiteProbe {
  return async () => {
    try {
      const response = await fetch(url, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.status < 500;
    } catch {
      return false;
    }
  };
}
