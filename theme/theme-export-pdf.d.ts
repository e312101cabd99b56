/// <reference types="@docusaurus/module-type-aliases" />
/// <reference types="@docusaurus/theme-classic" />

declare module '@theme-init/NavbarItem/ComponentTypes' {
  import type ComponentTypes from '@theme/NavbarItem/ComponentTypes';
  const initial: typeof ComponentTypes;
  export default initial;
}

declare module '@theme/ExportPdfButton' {
  import type {ReactNode} from 'react';

  export interface Props {
    /** Extra class on the wrapper. */
    readonly className?: string;
    /** Lay the result out below the button (mobile menu) instead of in a popover. */
    readonly inline?: boolean;
    /** Called once an export started here has finished, with the API's answer. */
    readonly onExported?: (result: {fileName: string; pdfUrl: string; fileSize: number; fileSizeMB: string}) => void;
  }

  export default function ExportPdfButton(props: Props): ReactNode;
}

declare module '@theme/NavbarItem/ExportPdfNavbarItem' {
  import type {ReactNode} from 'react';

  export interface Props {
    /** Set by the navbar when the item renders in the mobile menu. */
    readonly mobile?: boolean;
    /** Extra class on the item. */
    readonly className?: string;
  }

  export default function ExportPdfNavbarItem(props: Props): ReactNode;
}

declare module '@theme/ExportPdfPage' {
  import type {ReactNode} from 'react';

  /** The page at the `exportsPage` option's path: every exported PDF, newest first. */
  export default function ExportPdfPage(): ReactNode;
}
