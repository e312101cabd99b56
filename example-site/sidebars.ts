import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * Explicit sidebar for the Acme Widgets example docs.
 * The order here is the order of chapters in the exported PDF.
 */
const sidebars: SidebarsConfig = {
  docsSidebar: [
    'intro',
    {
      type: 'category',
      label: 'Getting Started',
      collapsed: false,
      link: {
        type: 'generated-index',
        title: 'Getting Started with Acme Widgets',
        description: 'Install Acme Widgets, run your first job and turn it into a real worker process.',
      },
      items: ['getting-started/installation', 'getting-started/quick-start', 'getting-started/first-worker'],
    },
    {
      type: 'category',
      label: 'Guides',
      link: {type: 'doc', id: 'guides/overview'},
      items: ['guides/configuration', 'guides/retries', 'guides/scheduling', 'guides/monitoring', 'guides/deployment'],
    },
    {
      type: 'category',
      label: 'Reference',
      collapsed: true,
      items: [
        'reference/cli',
        'reference/configuration-options',
        {
          type: 'category',
          label: 'API',
          items: ['reference/api/queue', 'reference/api/worker', 'reference/api/job'],
        },
      ],
    },
    {
      type: 'category',
      label: 'Advanced',
      items: ['advanced/architecture', 'advanced/performance-tuning', 'advanced/custom-backends', 'advanced/troubleshooting'],
    },
    {
      type: 'category',
      label: 'Appendix',
      items: [
        'appendix/job-options-matrix',
        'appendix/failure-handling-flow',
        'appendix/queue-names-in-every-language',
        'appendix/job-browser',
        'appendix/tabs-and-inline-tocs',
        'appendix/job-status-api',
        'appendix/backoff-fixed',
        'appendix/backoff-exponential',
      ],
    },
  ],
};

export default sidebars;
