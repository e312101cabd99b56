import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import typedocSidebar from './sdk/api/typedoc-sidebar.cjs';

/**
 * The SDK's own docs: a second docs plugin instance, versioned (1.0 released, current is "Next").
 * The second sidebar, which no navbar item opens, prints as a part titled with its name in words,
 * "Recipes", before a doc of the same title.
 */
const sidebars: SidebarsConfig = {
  sdkSidebar: ['intro', 'client', {type: 'category', label: 'API reference', link: {type: 'doc', id: 'api/index'}, items: typedocSidebar}],
  recipesSidebar: ['recipes'],
};

export default sidebars;
