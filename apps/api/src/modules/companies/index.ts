/** Companies: buyers on credit and the owner's own businesses (decision 039). Their sales and dues are the sales module's. */

export { runDepreciation } from './asset.service';
export {
  buyerChoices,
  type CompanyRecord,
  type CompanyUses,
  companyById,
  companyResource,
  lockCompany,
} from './company.resources';
export { ownCompanyRoutes } from './own-company.routes';
