/**
 * CardSection is the app's white card with a heading that names it (aria-labelledby the heading's
 * `titleId`, or aria-label `title` without one). `as` is the heading tag; the class names default to the
 * most common card.
 * @param {{titleId?: string, title: string, as?: import('react').ElementType, headingClassName?: string, bodyClassName?: string, className?: string, children?: import('react').ReactNode} & Record<string, any>} props
 */
export function CardSection({
  titleId,
  title,
  as: Heading = 'h2',
  headingClassName = 'h5 fw-bold mb-3',
  bodyClassName = 'card-body p-3 p-md-4',
  className = '',
  children,
  ...rest
}) {
  return (
    <section className={`card border-0 shadow-sm${className ? ` ${className}` : ''}`} aria-labelledby={titleId} aria-label={titleId ? undefined : title} {...rest}>
      <div className={bodyClassName}>
        <Heading id={titleId} className={headingClassName}>
          {title}
        </Heading>
        {children}
      </div>
    </section>
  )
}
