import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * The SDK's own docs: a second docs plugin instance, versioned (1.0 released, current is "Next").
 * The second sidebar, which no navbar item opens, prints as a part titled with its name in words,
 * "Recipes", before a doc of the same title.
 */
const sidebars: SidebarsConfig = {
  sdkSidebar: ['intro', 'client'],
  recipesSidebar: ['recipes'],
};

export default sidebars;
