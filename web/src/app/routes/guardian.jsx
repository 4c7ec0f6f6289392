import { useParams } from 'react-router-dom'
import { GuardianSign } from '../../features/agreement/components/guardian-sign'

export default function GuardianRoute() {
  const { token } = useParams()
  return <GuardianSign token={token ?? ''} />
}
