import { AppShell } from '../shell/app-shell'

export default function AppShellRoute() {
  return <AppShell />
}
