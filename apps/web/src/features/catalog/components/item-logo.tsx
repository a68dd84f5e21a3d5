/** An item's logo, or its initials on a tinted square when it has none. Decorative: the name is beside it. */
export function ItemLogo({ name, logo, size }: { name: string; logo: string | null; size: number }) {
  if (logo) return <img className="catalog-logo" src={logo} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('')
    .toUpperCase();
  return (
    <span className="catalog-logo catalog-logo-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}
