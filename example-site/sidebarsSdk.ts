import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** The SDK's own docs: a second docs plugin instance, versioned (1.0 released, current is "Next"). */
const sidebars: SidebarsConfig = {
  sdkSidebar: ['intro', 'client'],
};

export default sidebars;
