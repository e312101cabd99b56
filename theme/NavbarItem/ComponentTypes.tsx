import ComponentTypes from '@theme-init/NavbarItem/ComponentTypes';
import ExportPdfNavbarItem from '@theme/NavbarItem/ExportPdfNavbarItem';

export default {
  ...ComponentTypes,
  'custom-exportPdf': ExportPdfNavbarItem,
};
