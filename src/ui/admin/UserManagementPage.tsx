import UserManagement, { type UserManagementProps } from '../../../islands/UserManagement';
import { Island } from '../island';

/** The spec's /user-management: the heading, then the user management island, rendered here with the first page of users. */
export function UserManagementPage(props: UserManagementProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">User Management</h1>
        <p className="text-muted-foreground">Find users, manage admin rights and extend trials.</p>
      </div>
      <Island name="UserManagement" component={UserManagement} props={props} />
    </div>
  );
}
