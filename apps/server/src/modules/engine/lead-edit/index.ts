/** Lead edit (traffic area): `PUT /leads/:id` and its service. */
export { editLead } from './lead-edit.service';
export { default as leadEditRoutes } from './lead-edit.routes';
