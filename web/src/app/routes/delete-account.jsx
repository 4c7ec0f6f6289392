import { DeleteAccountForm } from '../../features/account-deletion/components/delete-account-form'

export default function DeleteAccountRoute() {
  return <DeleteAccountForm />
}
