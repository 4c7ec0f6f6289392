import { useProfile } from '../api/get-profile'
import { EmptyState } from '../../../components/empty-state'

const ROLE_LABELS = {
  USER: 'Creator',
  ADMIN: 'Administrator',
  BRAND_ADMIN: 'Brand admin',
  BRAND_MANAGER: 'Brand manager',
  BRAND_VIEWER: 'Brand viewer',
}

/** AccountOverview shows the real profile read-only; editing comes later. */
export function AccountOverview() {
  const { data: user, error, isLoading } = useProfile()
  return (
    <div className="d-flex flex-column gap-4">
      <section className="card border-0 shadow-sm" aria-label="Profile">
        <div className="card-body p-4">
          <h2 className="h5 fw-bold mb-3">Profile</h2>
          {isLoading && <div className="spinner-border spinner-border-sm text-primary" role="status" aria-label="Loading profile" />}
          {error && <p className="text-danger mb-0">{error.message}</p>}
          {user && (
            <dl className="row mb-0">
              <dt className="col-sm-3 text-secondary fw-normal">Name</dt>
              <dd className="col-sm-9">{user.name}</dd>
              <dt className="col-sm-3 text-secondary fw-normal">Email</dt>
              <dd className="col-sm-9 text-break">{user.email}</dd>
              <dt className="col-sm-3 text-secondary fw-normal">Account type</dt>
              <dd className="col-sm-9">{ROLE_LABELS[user.role] || user.role}</dd>
              {user.niche?.name && (
                <>
                  <dt className="col-sm-3 text-secondary fw-normal">Niche</dt>
                  <dd className="col-sm-9">{user.niche.name}</dd>
                </>
              )}
              {user.brand?.name && (
                <>
                  <dt className="col-sm-3 text-secondary fw-normal">Brand</dt>
                  <dd className="col-sm-9 mb-0">{user.brand.name}</dd>
                </>
              )}
            </dl>
          )}
        </div>
      </section>
      <EmptyState title="More settings are on the way">
        <p className="mb-0">Editing your profile, changing your password and managing billing will be available here soon.</p>
      </EmptyState>
    </div>
  )
}
