import React, {type ReactNode} from 'react';

type Props = {
  /** The YouTube video's id. */
  id: string;
  /** Its title, read out by the play button. */
  title: string;
};

/**
 * A click-to-load video in the markup react-lite-youtube-embed writes: a link for readers without
 * scripts, then a preview with a play button; the player's frame exists only after a click. The
 * preview image is YouTube's: offline, or behind a firewall, it prints as a black box.
 */
export default function VideoPreview({id, title}: Props): ReactNode {
  return (
    <div className="margin-bottom--md">
      <noscript>
        <a href={`https://www.youtube.com/watch?v=${id}`}>Watch &quot;{title}&quot; on YouTube</a>
      </noscript>
      <article
        className="yt-lite"
        role="img"
        aria-label={`${title} - YouTube video preview`}
        style={{
          backgroundImage: `url(https://i.ytimg.com/vi/${id}/hqdefault.jpg)`,
          backgroundColor: '#000',
          backgroundSize: 'cover',
          aspectRatio: '16 / 9',
        }}
      >
        <button type="button" className="lty-playbtn" aria-label={`Watch ${title}`} />
      </article>
    </div>
  );
}
