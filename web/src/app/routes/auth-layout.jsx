import { AuthLayout } from '../../features/auth/components/auth-layout'

export default function AuthLayoutRoute() {
  return <AuthLayout />
}
