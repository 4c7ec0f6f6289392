import { EmptyState } from '../../../components/empty-state'

/** RosterUploadPlaceholder: roster upload (CSV, JSON or Excel) arrives in a later release. */
export function RosterUploadPlaceholder() {
  return (
    <EmptyState title="No rosters uploaded yet">
      <p className="mb-0">
        Uploading a roster file (CSV, JSON or Excel, up to 10MB) is coming in an upcoming release.
      </p>
    </EmptyState>
  )
}
