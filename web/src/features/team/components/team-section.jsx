import { useState } from 'react'
import { Formik, Form } from 'formik'
import * as yup from 'yup'
import { useMembers } from '../api/get-members'
import { useInviteMember } from '../api/invite-member'
import { useChangeMemberRole } from '../api/change-member-role'
import { useRemoveMember } from '../api/remove-member'
import { useResendInvitation } from '../api/resend-invitation'
import { useCancelInvitation } from '../api/cancel-invitation'
import { useAuth } from '../../../lib/auth-store'
import { toast } from '../../../lib/toast'
import { saveForm } from '../../../lib/save-form'
import { formatDate } from '../../../lib/format'
import { ListState } from '../../../components/list-state'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { TextField } from '../../../components/form/text-field'
import { SelectField } from '../../../components/form/select-field'
import { CardSection } from '../../../components/card-section'
import { optionList } from '../../../lib/options'

/** @typedef {import('../../../lib/api-schema').components['schemas']['BrandMember']} BrandMember */
/** @typedef {import('../../../lib/api-schema').components['schemas']['BrandInvitation']} BrandInvitation */
/** @typedef {BrandMember['role']} BrandRole */

/** @type {{value: BrandRole, label: string}[]} */
export const ROLE_OPTIONS = optionList({
  BRAND_ADMIN: 'Brand admin',
  BRAND_MANAGER: 'Brand manager',
  BRAND_VIEWER: 'Brand viewer',
})

/**
 * roleLabel is a role's readable name ("Brand admin"), never the code.
 * @param {string} role
 */
export const roleLabel = (role) => ROLE_OPTIONS.find((r) => r.value === role)?.label ?? role
const INVITE_ROLES = ROLE_OPTIONS.slice(1)

export const inviteSchema = yup.object({
  email: yup.string().trim().required('Email is required').email('Invalid email'),
  role: yup.string().required('Please select a role').oneOf(['BRAND_MANAGER', 'BRAND_VIEWER'], 'Please select a role'),
})

function InviteForm() {
  const invite = useInviteMember()
  /**
   * @param {{email: string, role: 'BRAND_MANAGER' | 'BRAND_VIEWER'}} values
   * @param {import('formik').FormikHelpers<{email: string, role: 'BRAND_MANAGER' | 'BRAND_VIEWER'}>} helpers
   */
  const onSubmit = (values, helpers) =>
    saveForm(
      helpers,
      async () => {
        await invite({ email: values.email.trim(), role: values.role })
        return { message: `Invitation sent to ${values.email.trim()}` }
      },
      'Could not send the invitation. Please try again.',
    )
  return (
    <Formik initialValues={{ email: '', role: 'BRAND_MANAGER' }} validationSchema={inviteSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate className="row g-2 align-items-start" aria-label="Invite a team member">
          <div className="col-12 col-md-6">
            <TextField label="Email" name="email" type="email" autoComplete="off" />
          </div>
          <div className="col-8 col-md-3">
            <SelectField label="Role" name="role" options={INVITE_ROLES} />
          </div>
          <div className="col-4 col-md-3 pt-md-4">
            <button type="submit" className="btn btn-primary w-100 mt-md-2" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Invite'}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  )
}

/**
 * run calls a team mutation and toasts its outcome.
 * @param {() => Promise<unknown>} call
 * @param {string} ok the success message
 */
async function run(call, ok) {
  try {
    await call()
    toast.success(ok)
  } catch (err) {
    toast.error((err instanceof Error && err.message) || 'Something went wrong. Please try again.')
  }
}

/** @param {{members: BrandMember[]}} props */
function Members({ members }) {
  const changeRole = useChangeMemberRole()
  const remove = useRemoveMember()
  const [removing, setRemoving] = useState(/** @type {BrandMember | null} */ (null))
  const [busy, setBusy] = useState(false)
  const confirmRemove = async () => {
    if (!removing) return
    setBusy(true)
    await run(() => remove(removing._id), `${removing.name} removed`)
    setBusy(false)
    setRemoving(null)
  }
  return (
    <>
    <ul className="list-group mb-4" aria-label="Team members">
      {members.map((m) => (
        <li key={m._id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
          <div className="me-auto">
            <div className="fw-semibold">
              {m.name}
              {m.you ? ' (you)' : ''}
            </div>
            <div className="small text-secondary">{m.email}</div>
          </div>
          {m.you ? (
            <span className="small text-secondary">{roleLabel(m.role)}</span>
          ) : (
            <select
              className="form-select form-select-sm w-auto"
              aria-label={`Role of ${m.name}`}
              value={m.role}
              onChange={(e) => run(() => changeRole(m._id, /** @type {BrandRole} */ (e.target.value)), `${m.name} is now ${roleLabel(e.target.value)}`)}
            >
              {ROLE_OPTIONS.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          )}
          {!m.you && (
            <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Remove ${m.name}`} onClick={() => setRemoving(m)}>
              Remove
            </button>
          )}
        </li>
      ))}
    </ul>
    <ConfirmDialog
      show={Boolean(removing)}
      danger
      title={removing ? `Remove ${removing.name}?` : ''}
      body={removing ? `${removing.name} (${removing.email}) loses access to your brand at once.` : ''}
      confirmLabel="Remove member"
      cancelLabel="Keep member"
      busy={busy}
      onCancel={() => setRemoving(null)}
      onConfirm={confirmRemove}
    />
    </>
  )
}

/** @param {{invitations: BrandInvitation[]}} props */
function Invitations({ invitations }) {
  const resend = useResendInvitation()
  const cancel = useCancelInvitation()
  if (invitations.length === 0) return <p className="small text-secondary mb-0">No pending invitations.</p>
  return (
    <ul className="list-group" aria-label="Pending invitations">
      {invitations.map((i) => (
        <li key={i._id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
          <div className="me-auto">
            <div className="fw-semibold">{i.email}</div>
            <div className="small text-secondary">
              {roleLabel(i.role)} · {i.expired ? 'expired' : `valid until ${formatDate(i.expiresAt)}`}
            </div>
          </div>
          <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Resend invitation to ${i.email}`} onClick={() => run(() => resend(i._id), 'Invitation sent again')}>
            Resend
          </button>
          <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Cancel invitation to ${i.email}`} onClick={() => run(() => cancel(i._id), 'Invitation cancelled')}>
            Cancel
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * TeamSection is the account settings' team management for a BRAND_ADMIN:
 * members and their roles, invitations (send, resend, cancel), removal.
 * It renders nothing for other roles.
 */
export function TeamSection() {
  const { role } = useAuth()
  const admin = role === 'BRAND_ADMIN'
  const members = useMembers(admin)
  if (!admin) return null
  return (
    <CardSection titleId="team-heading" title="Team">
      <ListState swr={members} loadingLabel="Loading your team…">
        {(team) => (
          <>
            <Members members={team.members} />
            <h3 className="h6 fw-bold">Invite someone</h3>
            <InviteForm />
            <h3 className="h6 fw-bold mt-4">Pending invitations</h3>
            <Invitations invitations={team.invitations} />
          </>
        )}
      </ListState>
    </CardSection>
  )
}
