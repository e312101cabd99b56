import React, {useState, type ReactNode} from 'react';
import styles from './styles.module.css';

const COLOURS = [
  {queue: 'invoices', base: '#0054e9', shade: '#004acd', tint: '#1a65eb'},
  {queue: 'emails', base: '#2dd55b', shade: '#28bb50', tint: '#42d96b'},
];

/**
 * The dashboard's colour for each queue, on a band of that colour; a click unfolds its shade and
 * tint. Folded, the list of shades has no height and no opacity, as accordion components fold
 * their panels. The band is drawn for the item itself, as marked content of its own beside its text.
 */
export default function QueueColours(): ReactNode {
  const [open, setOpen] = useState('');
  return (
    <ul className={styles.colours}>
      {COLOURS.map(({queue, base, shade, tint}) => (
        <li key={queue} className={styles.queue} style={{backgroundColor: base}}>
          <div role="button" tabIndex={0} className={styles.toggle} onClick={() => setOpen(open === queue ? '' : queue)}>
            {queue} {base}
          </div>
          <ul className={open === queue ? styles.shadesOpen : styles.shades}>
            <li>Shade {shade}</li>
            <li>Tint {tint} (foldedShadeList)</li>
          </ul>
        </li>
      ))}
    </ul>
  );
}
