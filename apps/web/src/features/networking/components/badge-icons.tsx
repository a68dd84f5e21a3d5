/* The badge pictures are a shared widget (the profile card shows them too). */
export { BadgeIcons, badgeSrc } from '../../../ui/badge-icons.tsx';
