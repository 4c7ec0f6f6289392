import { RosterUploadPlaceholder } from '../../features/roster/components/roster-upload-placeholder'

export default function RosterRoute() {
  return <RosterUploadPlaceholder />
}
