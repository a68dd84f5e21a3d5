/* The level dots are a shared widget (the profile card shows them too). */
export { LevelDots } from '../../../ui/level-dots.tsx';
