import type {SwizzleConfig} from '@docusaurus/types';

export function getSwizzleConfig(): SwizzleConfig {
  return {
    components: {
      ExportPdfButton: {
        actions: {eject: 'safe', wrap: 'safe'},
        description: 'The Export PDF button: starts an export and shows its result.',
      },
      ExportPdfPage: {
        actions: {eject: 'safe', wrap: 'safe'},
        description: 'The page listing the exported PDFs (option `exportsPage`).',
      },
      'NavbarItem/ExportPdfNavbarItem': {
        actions: {eject: 'safe', wrap: 'safe'},
        description: 'The navbar item of type `custom-exportPdf`.',
      },
    },
  };
}
