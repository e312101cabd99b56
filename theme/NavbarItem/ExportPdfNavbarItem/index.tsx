import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import ExportPdfButton from '@theme/ExportPdfButton';
import type {Props} from '@theme/NavbarItem/ExportPdfNavbarItem';

/** Navbar item of type `custom-exportPdf`; renders as a menu entry in the mobile sidebar. */
export default function ExportPdfNavbarItem({mobile = false, className}: Props): ReactNode {
  if (mobile) {
    return (
      <li className={clsx('menu__list-item', className)}>
        <ExportPdfButton inline />
      </li>
    );
  }
  return <ExportPdfButton className={clsx('navbar__item', className)} />;
}
