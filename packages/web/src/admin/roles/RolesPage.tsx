import { Link, Route, Switch, useLocation, useRouter } from "wouter"
import type { Me } from "../../app/session.js"
import { admin as words } from "../../strings/index.js"
import { RoleDetail } from "./RoleDetail.js"
import { RoleList } from "./RoleList.js"
import { useCreateRole } from "./queries.js"
import { RoleForm } from "./RoleForm.js"

const NewRole = () => {
  const create = useCreateRole()
  const [, navigate] = useLocation()
  const { base } = useRouter()
  return (
    <section className="admin-detail">
      <p>
        <Link href={`~${base}`}>{words.backToRoles}</Link>
      </p>
      <RoleForm
        title={words.newRole}
        submit={words.createRole}
        onSubmit={async (input) => {
          const role = await create.mutateAsync(input)
          navigate(`/${role.id}`)
        }}
      />
    </section>
  )
}

/** Roles (`/admin/roles`), a new one (`/admin/roles/new`) and each role's page (`/admin/roles/{id}`). */
const RolesPage = (_: { readonly me: Me }) => (
  <Switch>
    <Route path="/new">
      <NewRole />
    </Route>
    <Route path="/:id">{(params) => <RoleDetail key={params.id} id={params.id} />}</Route>
    <Route>
      <RoleList />
    </Route>
  </Switch>
)

export default RolesPage
