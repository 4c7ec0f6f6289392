import { CreatorImportUpload } from '../../features/creator-import/components/creator-import-upload'
import { RecentCreatorImports } from '../../features/creator-import/components/recent-creator-imports'

export default function CreatorImportRoute() {
  return (
    <div className="d-flex flex-column gap-3" style={{ maxWidth: 960 }}>
      <CreatorImportUpload />
      <RecentCreatorImports />
    </div>
  )
}
