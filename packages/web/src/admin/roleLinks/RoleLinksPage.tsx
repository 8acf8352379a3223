import { useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import type { Me } from "../../app/session.js"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { ConfirmDialog } from "../../ui/ConfirmDialog.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { ROLE_LINKS_PAGE, type RoleLink, roleLinkKeys, removeRoleLink, useRoleLinks } from "./queries.js"
import { RoleLinkForm } from "./RoleLinkForm.js"
import { RoleSyncPanel } from "./RoleSyncPanel.js"
import "../integrations.css"

const words = adminIntegrations.roleLinks

/** `/admin/role-links`: provider roles linked to Bluelight roles, a new link, removal after a question, and the sync. */
const RoleLinksPage = (_: { readonly me: Me }) => {
  const links = useRoleLinks()
  const queries = useQueryClient()
  const [notice, setNotice] = useState("")
  const [removing, setRemoving] = useState<RoleLink | null>(null)
  const [busy, setBusy] = useState(false)
  const [removeFailure, setRemoveFailure] = useState<Error | null>(null)
  const title = useId()
  const rows = links.data?.data ?? []
  return (
    <section className="integr-section" aria-labelledby={title}>
      <h2 id={title}>{words.title}</h2>
      <p className="muted">{words.lead}</p>
      <div className="integr-columns">
        <div className="integr-stack">
          <p role="status" className="integr-status">{notice}</p>
          <FormProblem failure={links.error} />
          {links.isPending && <p className="muted">{adminIntegrations.loading}</p>}
          {links.isSuccess && rows.length === 0 && <p>{words.empty}</p>}
          {rows.length > 0 && (
            <div className="integr-table-wrap">
              <table aria-label={words.listLabel}>
                <thead>
                  <tr>
                    <th scope="col">{words.columns.providerRoleId}</th>
                    <th scope="col">{words.columns.role}</th>
                    <th scope="col">{words.columns.created}</th>
                    <th scope="col">{words.columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((link) => (
                    <tr key={link.id}>
                      <th scope="row">
                        <code>{link.providerRoleId}</code>
                      </th>
                      <td>{link.role.name}</td>
                      <td>
                        <Time at={link.createdAt} />
                      </td>
                      <td>
                        <button
                          type="button"
                          className="small"
                          aria-label={words.removeOf(link.providerRoleId, link.role.name)}
                          onClick={() => {
                            setRemoveFailure(null)
                            setRemoving(link)
                          }}
                        >
                          {words.remove}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {links.data?.meta.hasMore === true && <p className="muted">{adminIntegrations.firstOnly(ROLE_LINKS_PAGE)}</p>}
          <RoleLinkForm onCreated={setNotice} />
        </div>
        <RoleSyncPanel />
      </div>
      {removing !== null && (
        <ConfirmDialog
          title={words.confirmRemove(removing.providerRoleId, removing.role.name)}
          confirmLabel={words.remove}
          cancelLabel={adminIntegrations.cancel}
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setBusy(true)
            removeRoleLink(removing.id).then(
              (removed) => {
                setRemoving(null)
                setNotice(words.removed(removed.providerRoleId, removed.role.name))
                void queries.invalidateQueries({ queryKey: roleLinkKeys.links, exact: true })
              },
              (error: unknown) => setRemoveFailure(error instanceof Error ? error : new Error(String(error)))
            ).finally(() => setBusy(false))
          }}
        >
          <p>{words.confirmRemoveLead}</p>
          <FormProblem failure={removeFailure} />
        </ConfirmDialog>
      )}
    </section>
  )
}

export default RoleLinksPage
