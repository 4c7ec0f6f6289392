import { useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { logout } from '../../features/auth/api/logout'
import { clearSession } from '../../lib/auth-store'
import { toast } from '../../lib/toast'

/** LogoutDialog confirms, calls POST /api/users/logout, then reloads on /login. */
export function LogoutDialog({ show, onClose }) {
  const [busy, setBusy] = useState(false)
  const onConfirm = async () => {
    setBusy(true)
    try {
      await logout()
      // The page reloads, so the success toast is shown after the reload.
      toast.flash('success', 'Logged out successfully')
      clearSession({ loggingOut: true })
      window.location.assign('/login')
    } catch {
      setBusy(false)
      onClose()
      toast.error('Failed to logout')
    }
  }
  return (
    <ConfirmDialog
      show={show}
      title="Are you leaving?"
      body="Are you sure you want to logout? All your data is saved with your account."
      confirmLabel="Yes"
      cancelLabel="No"
      onConfirm={onConfirm}
      onCancel={onClose}
      busy={busy}
    />
  )
}
