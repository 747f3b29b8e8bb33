// A vendor's logo, or its initials on a purple shade picked from the id when there is no image.
export function Avatar(props: { name: string; imageUrl: string | null; seed: string; large?: boolean }) {
  const className = `avatar${props.large ? ' avatar-large' : ''}`;
  if (props.imageUrl) return <img className={className} src={props.imageUrl} alt="" loading="lazy" />;
  let hash = 0;
  for (const char of props.seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const initials = props.name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => Array.from(word)[0]).join('');
  return <span className={className} style={{ backgroundColor: `hsl(${262 + (hash % 22)} 48% ${34 + (hash % 16)}%)` }} aria-hidden="true">{initials}</span>;
}
