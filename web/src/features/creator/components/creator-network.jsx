import { EmptyState } from '../../../components/empty-state'

/** CreatorNetwork: the searchable creator directory arrives in a later release. */
export function CreatorNetwork() {
  return (
    <EmptyState title="No creators to show yet">
      <p className="mb-0">
        The creator network will let you browse creators by niche, platform and audience size (Micro, Mid, Macro).
        It is not available yet.
      </p>
    </EmptyState>
  )
}
