/**
 * BulletList is a plain list of short texts (a roster entry's reasons), each text its own key.
 * @param {{items?: string[] | null, className?: string}} props
 */
export function BulletList({ items, className }) {
  return (
    <ul className={className}>
      {(items || []).map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  )
}
