interface Props {
  src: string | null | undefined;
  name: string;
  size?: number;
}

/** A round picture, or initials when there is none; decorative next to a visible name. */
export function Avatar({ src, name, size = 40 }: Props) {
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} style={style} loading="lazy" />;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="avatar" style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
