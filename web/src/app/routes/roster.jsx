import { RosterUpload } from '../../features/roster/components/roster-upload'
import { RosterRecentImports } from '../../features/roster/components/roster-recent-imports'

export default function RosterRoute() {
  return (
    <div className="d-flex flex-column gap-3" style={{ maxWidth: 960 }}>
      <RosterUpload />
      <RosterRecentImports />
    </div>
  )
}
