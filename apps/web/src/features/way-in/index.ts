// The players' way in: a player's home (My games, Join with a code) and the print-ready share page.
export { PlayerHomePage, MyGamesList } from './PlayerHomePage';
export { SharePrintPage } from './share/SharePrintPage';
