import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { clearSession } from '../../../lib/auth-store'
import { toast } from '../../../lib/toast'

/**
 * useAccountDeleted returns what follows a deletion: the session and every
 * cached answer are dropped, and the user lands on /login with the product's message.
 */
export function useAccountDeleted() {
  const navigate = useNavigate()
  const { mutate } = useSWRConfig()
  return useCallback(() => {
    clearSession({ loggingOut: true })
    mutate(() => true, undefined, { revalidate: false })
    toast.success('Your account has been successfully deleted.')
    navigate('/login', { replace: true })
  }, [navigate, mutate])
}
