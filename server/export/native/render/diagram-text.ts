/**
 * The smallest diagram text a reader reads in print, in points: the engine turns a diagram
 * sideways, or never shrinks it, to keep its labels at this size, and scripts/check-book holds
 * books to it.
 */
export const MIN_DIAGRAM_TEXT_PT = 6;

/** The same in CSS px, as parts are printed at 96 px to 72 pt. */
export const MIN_DIAGRAM_TEXT_PX = (MIN_DIAGRAM_TEXT_PT * 96) / 72;
