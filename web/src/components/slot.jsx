import { createContext, Suspense, useContext } from 'react'

/**
 * Slots lets app/ place one feature's component inside another's without the features importing each other: app/
 * provides {name: Component}, and the host renders <Slot name=… {...props} />. An unfilled slot renders nothing.
 * @type {import('react').Context<Record<string, import('react').ComponentType<any>>>}
 */
export const Slots = createContext({})

/**
 * Slot renders the component app/ put under `name` with the other props (lazy components load quietly).
 * @param {{name: string} & Record<string, any>} props
 */
export function Slot({ name, ...props }) {
  const C = useContext(Slots)[name]
  if (!C) return null
  return (
    <Suspense fallback={null}>
      <C {...props} />
    </Suspense>
  )
}
