import React, {type ReactNode} from 'react';

type Props = {
  /** Shown as the Snack's title. */
  name: string;
  /** File name → source code. */
  files: Record<string, string>;
};

/**
 * An Expo Snack embed in the format of https://snack.expo.dev/embed.js: an
 * empty box whose attributes carry the code, URL-encoded. With the script on
 * the page the box becomes a live editor; this site does not load it, as a
 * site behind a firewall or offline would not.
 */
export default function SnackPlayer({name, files}: Props): ReactNode {
  const snackFiles = Object.fromEntries(Object.entries(files).map(([file, contents]) => [file, {type: 'CODE', contents}]));
  return (
    <div
      className="snack-player"
      data-snack-name={encodeURIComponent(name)}
      data-snack-files={encodeURIComponent(JSON.stringify(snackFiles))}
      data-snack-platform="web"
      data-snack-preview="true"
      style={{height: 505, width: '100%', overflow: 'hidden', border: '1px solid var(--ifm-color-emphasis-300)', borderRadius: 4}}
    />
  );
}
