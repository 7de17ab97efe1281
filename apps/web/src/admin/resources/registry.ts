import {
  accountPurposeDescriptor,
  adminDescriptor,
  assetDescriptor,
  attributeDescriptor,
  balanceAccountDescriptor,
  bannerDescriptor,
  billDescriptor,
  blocklistDescriptor,
  brandDescriptor,
  campaignDescriptor,
  categoryDescriptor,
  cityDescriptor,
  comboDescriptor,
  commentDescriptor,
  companyDescriptor,
  companySaleDescriptor,
  complaintDescriptor,
  contactMessageDescriptor,
  counterSaleDescriptor,
  couponDescriptor,
  courierDescriptor,
  creditDescriptor,
  customerDescriptor,
  debitDescriptor,
  deliveryChargeDescriptor,
  directorDescriptor,
  fabricDescriptor,
  fabricSupplierDescriptor,
  factoryDescriptor,
  fraudRefusalDescriptor,
  fundTransferDescriptor,
  incompleteCheckoutDescriptor,
  investmentDescriptor,
  landingPageDescriptor,
  loanDescriptor,
  loanerDescriptor,
  merchantDescriptor,
  offerDescriptor,
  orderSourceDescriptor,
  pageDescriptor,
  paymentDescriptor,
  productDescriptor,
  productReviewDescriptor,
  purchaseDescriptor,
  reconciliationItemDescriptor,
  reconciliationRunDescriptor,
  resellerDescriptor,
  roleDescriptor,
  sliderDescriptor,
  subCityDescriptor,
  subcategoryDescriptor,
  subSubcategoryDescriptor,
  supplierDescriptor,
  teamMemberDescriptor,
  templateDescriptor,
  userDescriptor,
  variantDescriptor,
} from '@haat/contracts';
import { type ResourceEntry, resourceEntry } from './types';

/**
 * Every back-office resource declared through the machinery. Each yields its list, add and edit
 * routes (router.tsx) and its menu item (shell/menu.ts); the declaration itself loads with the screen.
 */
export const RESOURCES: ResourceEntry[] = [
  resourceEntry(categoryDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/category', add: '/admin/categoryAdd', edit: '/admin/categoryEdit/:categoryId' },
    load: () => import('./catalog/category'),
  }),
  resourceEntry(subcategoryDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/subcategory', add: '/admin/subcategoryAdd', edit: '/admin/subcategoryEdit/:id' },
    load: () => import('./catalog/subcategory'),
  }),
  resourceEntry(subSubcategoryDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/subSubCategory', add: '/admin/subSubCategoryAdd', edit: '/admin/subSubCategoryEdit/:id' },
    load: () => import('./catalog/sub-subcategory'),
  }),
  resourceEntry(brandDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/brand', add: '/admin/brandAdd', edit: '/admin/brandEdit/:brandId' },
    load: () => import('./catalog/brand'),
  }),
  resourceEntry(bannerDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/banner', add: '/admin/banner/add', edit: '/admin/banner/edit/:id' },
    load: () => import('./catalog/banner'),
  }),
  resourceEntry(sliderDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/slider', add: '/admin/sliderAdd', edit: '/admin/sliderEdit/:id' },
    load: () => import('./catalog/slider'),
  }),
  resourceEntry(attributeDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/attribute', add: '/admin/attributeAdd', edit: '/backend/attribute/edit/:id' },
    load: () => import('./catalog/attribute'),
  }),
  resourceEntry(variantDescriptor, {
    menuGroup: 'Catalogue',
    routes: { list: '/admin/variant', add: '/admin/variantAdd', edit: '/admin/variant/edit/:id' },
    load: () => import('./catalog/variant'),
  }),
  resourceEntry(productDescriptor, {
    menuGroup: 'Products and stock',
    // Seed §2.4: the page number is part of the path.
    routes: { list: '/admin/products/:number_of_page', add: '/admin/add/product', edit: '/admin/product/edit/:id' },
    load: () => import('./products/product'),
    form: () => import('../screens/products/ProductForm'),
  }),
  resourceEntry(comboDescriptor, {
    menuGroup: 'Products and stock',
    routes: { list: '/admin/combo/products', add: '/admin/combo/products/add', edit: '/admin/combo/products/edit/:id' },
    load: () => import('./products/combo'),
  }),
  // Locations and delivery: the menu lists them itself (delivery charges answer to delivery.charge.manage).
  resourceEntry(cityDescriptor, {
    menuGroup: 'Locations and delivery',
    routes: { list: '/admin/city', add: '/admin/addCity', edit: '/admin/editCity/:id' },
    load: () => import('./locations/city'),
  }),
  resourceEntry(subCityDescriptor, {
    menuGroup: 'Locations and delivery',
    routes: { list: '/admin/sub/city', add: '/admin/add/sub/city', edit: '/admin/edit/sub/city/:id' },
    load: () => import('./locations/sub-city'),
  }),
  resourceEntry(deliveryChargeDescriptor, {
    menuGroup: 'Locations and delivery',
    routes: { list: '/admin/delivery/charge', add: '/admin/delivery/charge/add', edit: '/admin/edit/delivery/charge/:id' },
    load: () => import('./locations/delivery-charge'),
  }),
  resourceEntry(courierDescriptor, {
    menuGroup: 'Locations and delivery',
    routes: { list: '/admin/courier', add: '/admin/addCourier', edit: '/admin/editCourier/:id' },
    load: () => import('../couriers/courier'),
  }),
  // Offers and marketing (campaign pictures, the campaign slider and the SMS campaign: screens/marketing/routes.tsx).
  resourceEntry(offerDescriptor, {
    menuGroup: 'Offers and marketing',
    routes: { list: '/admin/offer', add: '/admin/add', edit: '/admin/edit/Offer/:id' },
    load: () => import('./marketing/offer'),
    form: () => import('../screens/marketing/OfferForm'),
  }),
  resourceEntry(couponDescriptor, {
    menuGroup: 'Offers and marketing',
    routes: { list: '/admin/coupon/code', add: '/admin/coupon/code/add', edit: '/admin/coupon/code/edit/:id' },
    load: () => import('./marketing/coupon'),
    form: () => import('../screens/marketing/CouponForm'),
  }),
  resourceEntry(campaignDescriptor, {
    menuGroup: 'Offers and marketing',
    routes: { list: '/admin/campaign/manage', add: '/admin/campaign/manage/add', edit: '/admin/campaign/manage/edit/:id' },
    load: () => import('./marketing/campaign'),
  }),
  resourceEntry(landingPageDescriptor, {
    menuGroup: 'Offers and marketing',
    routes: { list: '/admin/landing/page', add: '/admin/landing/page/add', edit: '/admin/landing/page/edit/:id' },
    load: () => import('./marketing/landing-page'),
  }),
  // Settings and content (a page's sections and testimonials: screens/content/routes.tsx).
  resourceEntry(pageDescriptor, {
    menuGroup: 'Settings and content',
    routes: { list: '/admin/page/info/lists', add: '/admin/page/info/lists/add', edit: '/admin/page/info/lists/edit/:id' },
    load: () => import('./content/page'),
  }),
  resourceEntry(commentDescriptor, {
    menuGroup: 'Settings and content',
    routes: { list: '/admin/comment', add: '/admin/addComment', edit: '/admin/editComment/:id' },
    load: () => import('./content/comment'),
  }),
  resourceEntry(productReviewDescriptor, {
    menuGroup: 'Settings and content',
    routes: {
      list: '/admin/display/user/review/of/products',
      add: '/admin/display/user/review/of/products/add',
      edit: '/admin/display/user/review/of/products/edit/:id',
    },
    load: () => import('./content/product-review'),
  }),
  resourceEntry(contactMessageDescriptor, {
    menuGroup: 'Settings and content',
    routes: { list: '/admin/contact/message', add: '/admin/contact/message/add', edit: '/admin/contact/message/:id' },
    load: () => import('./content/contact-message'),
    form: () => import('../screens/content/ContactMessageScreen'),
  }),
  resourceEntry(templateDescriptor, {
    menuGroup: 'Settings and content',
    routes: { list: '/admin/template', add: '/admin/template/add', edit: '/admin/template/:id' },
    load: () => import('./content/template'),
    form: () => import('../screens/content/TemplateForm'),
  }),
  resourceEntry(factoryDescriptor, {
    menuGroup: 'Settings and content',
    routes: { list: '/admin/factory/list', add: '/admin/factory/add', edit: '/admin/edit/factory/:id' },
    load: () => import('./content/factory'),
  }),
  resourceEntry(fabricDescriptor, {
    menuGroup: 'Fabrics',
    routes: { list: '/admin/fabrics/list', add: '/admin/fabrics/add', edit: '/admin/fabrics/edit/:id' },
    load: () => import('./fabrics/fabric'),
  }),
  resourceEntry(roleDescriptor, {
    menuGroup: 'Staff and roles',
    routes: { list: '/admin/role', add: '/admin/role/add', edit: '/admin/permissions/edit/role/:id' },
    load: () => import('./staff/role'),
  }),
  resourceEntry(adminDescriptor, {
    menuGroup: 'Staff and roles',
    routes: { list: '/admin/listAdmin', add: '/admin/addAdmin', edit: '/admin/editAdmin/:adminId' },
    load: () => import('./staff/admin'),
  }),
  // Complaints and return cases (decision 061).
  resourceEntry(complaintDescriptor, {
    menuGroup: 'Orders',
    routes: { list: '/admin/complaint', add: '/admin/complaint/add', edit: '/admin/complaint/edit/:id' },
    load: () => import('./complaints/complaint'),
    form: () => import('../complaints/ComplaintForm'),
  }),
  resourceEntry(orderSourceDescriptor, {
    menuGroup: 'Orders',
    routes: { list: '/admin/order/source', add: '/admin/add/source', edit: '/admin/edit/source/:id' },
    load: () => import('../orders/entry/order-source'),
  }),
  resourceEntry(resellerDescriptor, {
    menuGroup: 'Resellers and merchants',
    routes: { list: '/admin/manage/reseller', add: '/admin/add/reseller', edit: '/admin/edit/reseller/:id' },
    load: () => import('../resellers/reseller'),
  }),
  resourceEntry(customerDescriptor, {
    menuGroup: 'Resellers and merchants',
    routes: { list: '/admin/customer/list' },
    load: () => import('../resellers/customer-list'),
  }),
  resourceEntry(userDescriptor, {
    menuGroup: 'Resellers and merchants',
    routes: { list: '/admin/user/list' },
    load: () => import('../resellers/user-list'),
  }),
  resourceEntry(merchantDescriptor, {
    menuGroup: 'Resellers and merchants',
    routes: { list: '/admin/merchant', add: '/admin/merchant/add', edit: '/admin/merchant/edit/:id' },
    load: () => import('./people/merchant'),
  }),
  // Purchases and suppliers (decision 034): the statement, purchase view and reports are admin/purchasing/routes.tsx.
  resourceEntry(supplierDescriptor, {
    menuGroup: 'Purchases and suppliers',
    routes: { list: '/admin/supplier', add: '/admin/Supplier/Add', edit: '/admin/edit/supplier/:id' },
    load: () => import('./purchasing/supplier'),
  }),
  // Companies (decision 039): buyers on credit; their sales and statements are admin/sales/routes.ts.
  resourceEntry(companyDescriptor, {
    menuGroup: 'Sales',
    routes: { list: '/admin/company', add: '/admin/add/company', edit: '/admin/edit/company/:id' },
    load: () => import('./companies/company'),
  }),
  resourceEntry(assetDescriptor, {
    menuGroup: 'Companies and investment',
    routes: { list: '/admin/company/assets', add: '/admin/company/assets/add', edit: '/admin/company/assets/edit/:id' },
    load: () => import('./companies/asset'),
    form: () => import('../companies/AssetForm'),
  }),
  resourceEntry(investmentDescriptor, {
    menuGroup: 'Companies and investment',
    routes: { list: '/admin/company/investment', add: '/admin/company/investment/add', edit: '/admin/company/investment/edit/:id' },
    load: () => import('./companies/investment'),
  }),
  resourceEntry(directorDescriptor, {
    menuGroup: 'Companies and investment',
    routes: { list: '/admin/director', add: '/admin/director/add', edit: '/admin/director/edit/:id' },
    load: () => import('./companies/director'),
  }),
  resourceEntry(fabricSupplierDescriptor, {
    menuGroup: 'Purchases and suppliers',
    routes: { list: '/admin/fabrics/supplier', add: '/admin/fabrics/add/supplier/', edit: '/admin/fabrics/edit/supplier/:id' },
    load: () => import('./purchasing/fabric-supplier'),
  }),
  {
    // The list is declared; adding and editing is the purchase form (lines, receipts), so the API's list is read-only.
    ...resourceEntry(purchaseDescriptor, {
      menuGroup: 'Purchases and suppliers',
      routes: { list: '/admin/purchase', add: '/admin/addPurchase', edit: '/admin/purchaseEdit/:id' },
      load: () => import('./purchasing/purchase'),
      form: () => import('../purchasing/PurchaseForm'),
    }),
    readOnly: false,
  },
  // The team (decision 050): members who may have no login; their salaries are admin/team/routes.ts.
  resourceEntry(teamMemberDescriptor, {
    menuGroup: 'Team and salaries',
    routes: { list: '/admin/team/member', add: '/admin/team/member/add', edit: '/admin/team/member/edit/:id' },
    load: () => import('./team/team-member'),
  }),
  // Accounts (decision 048): balances, fund transfers and account purposes over the double-entry ledger.
  resourceEntry(balanceAccountDescriptor, {
    menuGroup: 'Accounts',
    routes: { list: '/admin/balance', add: '/admin/balance/add', edit: '/admin/balance/edit/:id' },
    load: () => import('./accounts/balance'),
  }),
  {
    // The list is declared; a transfer is made by the accounts module's own route and never edited.
    ...resourceEntry(fundTransferDescriptor, {
      menuGroup: 'Accounts',
      routes: { list: '/admin/found/transfer', add: '/admin/found/transfer/add' },
      load: () => import('./accounts/fund-transfer'),
    }),
    readOnly: false,
    appendOnly: true,
  },
  resourceEntry(accountPurposeDescriptor, {
    menuGroup: 'Accounts',
    routes: { list: '/admin/account/purpose', add: '/admin/account/purpose/add', edit: '/admin/account/purpose/edit/:id' },
    load: () => import('./accounts/account-purpose'),
  }),
  resourceEntry(creditDescriptor, {
    menuGroup: 'Accounts',
    routes: { list: '/admin/credit', add: '/admin/credit/add', edit: '/admin/credit/edit/:id' },
    load: () => import('./accounts/credit'),
  }),
  resourceEntry(debitDescriptor, {
    menuGroup: 'Accounts',
    routes: { list: '/admin/debit', add: '/admin/debit/add', edit: '/admin/debit/edit/:id' },
    load: () => import('./accounts/debit'),
  }),
  // Loans taken and given, their lenders and borrowers, and recurring bills (decision 051).
  {
    // The list is declared; a loan is made and corrected by the loans module's own routes (an edit reverses
    // its entry and posts the right one), and reversed on its lender's or borrower's page, never deleted.
    ...resourceEntry(loanDescriptor, {
      menuGroup: 'Accounts',
      routes: { list: '/admin/loan/manage', add: '/admin/loan/add', edit: '/admin/loan/edit/:id' },
      load: () => import('./loans/loan'),
    }),
    readOnly: false,
    appendOnly: true,
  },
  resourceEntry(loanerDescriptor, {
    menuGroup: 'Accounts',
    routes: { list: '/admin/loaner', add: '/admin/loaner/add', edit: '/admin/loaner/edit/:id' },
    load: () => import('./loans/loaner'),
  }),
  resourceEntry(billDescriptor, {
    menuGroup: 'Accounts',
    routes: { list: '/admin/bill/statement', add: '/admin/bill/statement/add', edit: '/admin/bill/statement/edit/:id' },
    load: () => import('./bills/bill'),
  }),
  // Sales lists (decisions 036, 039): declared; a sale is made on the sales module's own screens and never edited here.
  {
    ...resourceEntry(counterSaleDescriptor, {
      menuGroup: 'Sales',
      routes: { list: '/admin/sale/office', add: '/admin/sale/add' },
      load: () => import('./sales/counter-sale'),
      form: () => import('../sales/CounterSale'),
    }),
    readOnly: false,
    appendOnly: true,
  },
  {
    ...resourceEntry(companySaleDescriptor, {
      menuGroup: 'Sales',
      routes: { list: '/admin/sale/company', add: '/admin/sale/add/company' },
      load: () => import('./sales/company-sale'),
      form: () => import('../sales/CompanySaleAdd'),
    }),
    readOnly: false,
    appendOnly: true,
  },
  // Incomplete checkouts (decision 056): the list is declared; calls, corrections and conversion are on its own screen.
  resourceEntry(incompleteCheckoutDescriptor, {
    menuGroup: 'Orders',
    routes: { list: '/admin/incomplete/order' },
    load: () => import('../incomplete/incomplete-checkout'),
  }),
  // Online payments (decision 062): read-only; beside them in the menu, their reconciliation with the gateways —
  // the runs (with "Run now" and "Upload settlement CSV") and what they flagged (each resolved with a note).
  resourceEntry(paymentDescriptor, {
    menuGroup: 'Orders',
    routes: { list: '/admin/payment/list' },
    load: () => import('../payments/payment-list'),
  }),
  resourceEntry(reconciliationRunDescriptor, {
    menuGroup: 'Orders',
    routes: { list: '/admin/payment/reconciliation' },
    load: () => import('../payments/reconciliation-runs'),
  }),
  resourceEntry(reconciliationItemDescriptor, {
    menuGroup: 'Orders',
    routes: { list: '/admin/payment/reconciliation/items' },
    load: () => import('../payments/reconciliation-items'),
  }),
  // Fraud and risk (decision 055): the menu lists them itself, beside the fraud controls' settings.
  resourceEntry(blocklistDescriptor, {
    menuGroup: 'Fraud and risk',
    routes: { list: '/admin/blocklist', add: '/admin/blocklist/add', edit: '/admin/blocklist/edit/:id' },
    load: () => import('../risk/blocklist'),
  }),
  resourceEntry(fraudRefusalDescriptor, {
    menuGroup: 'Fraud and risk',
    routes: { list: '/admin/fraud/log' },
    load: () => import('../risk/fraud-refusal'),
  }),
];
