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

/**
 * The probe asked again, `attempts` times in all and `pauseMs` apart, until the site answers.
 * Before an export only: on a saturated machine a site that is up can miss one 2 s deadline
 * (seen with a load of 20 on 2 cores), and a failed export costs more than a few seconds'
 * wait. /health keeps one probe, so that it answers within its 3 s.
 */
export async function askAgain(probe: SiteProbe, attempts = 3, pauseMs = 500): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (await probe()) return true;
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return false;
}
