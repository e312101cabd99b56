import {NAME_SHIM} from '../../shared/export-page';
import {eagerMedia, embedsAsLinks, flattenControls, openDetails} from './book-form';
import {contentOf} from './capture-page';
import {snacksAsCode} from './embed-sources';
import {clickToLoadEmbeds} from './click-to-load';
import {lateImages} from './late-images';
import {markLinks} from './mark-links';
import {mathForReaders} from './math-text';
import {breakLongTokens} from './long-tokens';
import {replaceLinkObservers} from './link-observers';
import {everythingOnScreen} from './on-screen';
import {seedRandom} from './seeded-random';
import {pinClock} from './pinned-clock';
import {privateStorage} from './private-storage';
import {renameSvgIds} from './svg-ids';
import {keepDrawnWidths} from './svg-widths';
import {incompleteTabGroups, mountTabPanels, restoreTabPanels, showTabPanels, tabGroups, unpairedTabGroups} from './tab-panels';

/**
 * The transforms capturePage applies, installed in every export tab as
 * `window.__exportPdfLib`. Functions puppeteer runs in a page are serialized
 * one by one and cannot import; this is how they share code in the page.
 */
const PAGE_LIB = {
  contentOf,
  tabGroups,
  incompleteTabGroups,
  unpairedTabGroups,
  mountTabPanels,
  restoreTabPanels,
  showTabPanels,
  openDetails,
  eagerMedia,
  snacksAsCode,
  embedsAsLinks,
  clickToLoadEmbeds,
  lateImages,
  flattenControls,
  renameSvgIds,
  keepDrawnWidths,
  breakLongTokens,
  markLinks,
  mathForReaders,
  seedRandom,
  pinClock,
  everythingOnScreen,
  replaceLinkObservers,
  privateStorage,
};

export type PageLib = typeof PAGE_LIB;

declare global {
  interface Window {
    __exportPdfLib?: PageLib;
  }
}

/** Script that defines the library in a page; run before the page's own scripts, or in a blank tab. */
export const PAGE_LIB_SCRIPT = `${NAME_SHIM}
window.__exportPdfLib = {${Object.entries(PAGE_LIB)
  .map(([name, fn]) => `${JSON.stringify(name)}: (${fn.toString()})`)
  .join(',\n')}};
window.__exportPdfLib.seedRandom(location.pathname.replace(/\\/+$/, ''));
window.__exportPdfLib.pinClock();
window.__exportPdfLib.everythingOnScreen();
window.__exportPdfLib.replaceLinkObservers();
window.__exportPdfLib.privateStorage();`;
