// The lobby a visitor without an account reads at a play link: its own small chunk, not the player's.
export { PublicLobbyPage } from './PublicLobbyPage';
