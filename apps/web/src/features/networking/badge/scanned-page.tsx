/* Placeholder until its screen is built: says it is coming. */
export { default } from '../pages/soon-page.tsx';
