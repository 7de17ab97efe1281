import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstOrdersInStatus } from '../orders';
import { admins } from '../staff/admin.table';
import { complaintNotes, complaints } from './complaint.table';

const day = (offset: number) => {
  const date = new Date(Date.now() + 6 * 3600_000);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};
const ago = (hours: number) => new Date(Date.now() - hours * 3600_000);

/**
 * Demo complaints and return cases (DEMO=1): on delivered and returned demo orders and one phone
 * without an order, owned by the staff, one overdue, one resolved, each with a short thread.
 */
export async function seedDemoComplaints(db: Db): Promise<void> {
  const staff = (await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(2)).map((row) => row.id);
  const [owner = null, helper = owner] = staff;
  // Two delivered orders (status 5) and a returned one (6), through the orders module.
  const picked = [...(await firstOrdersInStatus(db, 5, 2)), ...(await firstOrdersInStatus(db, 6, 1))].map((order) => ({
    id: order.id,
    number: order.number,
    customer_name: order.customerName,
    customer_phone: order.customerPhone,
    status: order.status,
  }));
  const [delivered, delivered2, returned] = picked;
  const cases: {
    row: typeof complaints.$inferInsert;
    notes: { by: number | null; body: string; hoursAgo: number }[];
  }[] = [];
  if (delivered) {
    cases.push({
      row: {
        kind: 'return',
        subject: 'Wrong size delivered: wants an XL instead of an L',
        phone: delivered.customer_phone,
        customerName: delivered.customer_name,
        orderId: Number(delivered.id),
        orderNumber: delivered.number,
        ownerId: helper,
        status: 'in_progress',
        dueOn: day(2),
        description: 'The customer called: the kurti is too small. Keeps the parcel until the exchange arrives.',
        openedBy: owner,
        createdAt: ago(30),
        updatedAt: ago(3),
      },
      notes: [
        { by: helper, body: 'Called back: an XL is in stock. Exchange order to be made after the pick-up.', hoursAgo: 20 },
        { by: helper, body: 'Courier asked to pick up the parcel tomorrow morning.', hoursAgo: 3 },
      ],
    });
  }
  if (delivered2) {
    cases.push({
      row: {
        kind: 'complaint',
        subject: 'Delivery man asked for ৳50 more than the invoice',
        phone: delivered2.customer_phone,
        customerName: delivered2.customer_name,
        orderId: Number(delivered2.id),
        orderNumber: delivered2.number,
        ownerId: owner,
        status: 'open',
        dueOn: day(-1),
        description: 'Paid the extra ৳50 to receive the parcel; wants it back.',
        openedBy: helper,
        createdAt: ago(52),
        updatedAt: ago(52),
      },
      notes: [],
    });
  }
  if (returned) {
    cases.push({
      row: {
        kind: 'return',
        subject: 'Parcel came back damaged from the courier',
        phone: returned.customer_phone,
        customerName: returned.customer_name,
        orderId: Number(returned.id),
        orderNumber: returned.number,
        ownerId: owner,
        status: 'resolved',
        dueOn: day(-4),
        description: 'The returned box was torn and one piece was stained.',
        openedBy: owner,
        resolvedAt: ago(70),
        createdAt: ago(120),
        updatedAt: ago(70),
      },
      notes: [
        { by: owner, body: 'Claim raised with the courier with photos of the box.', hoursAgo: 110 },
        { by: owner, body: 'Status: In progress → Resolved. The courier paid ৳450 for the stained piece.', hoursAgo: 70 },
      ],
    });
  }
  cases.push({
    row: {
      kind: 'complaint',
      subject: 'Asks why the order was not confirmed by phone',
      phone: '01911234567',
      customerName: 'Nasrin Sultana',
      ownerId: null,
      status: 'waiting',
      dueOn: day(1),
      description: 'Sent a Facebook message: placed an order last week and nobody called.',
      openedBy: owner,
      createdAt: ago(8),
      updatedAt: ago(5),
    },
    notes: [{ by: owner, body: 'Called twice, no answer. SMS sent asking her to call back.', hoursAgo: 5 }],
  });
  for (const { row, notes } of cases) {
    const [made] = await db.insert(complaints).values(row).returning({ id: complaints.id });
    if (!made || notes.length === 0) continue;
    await db
      .insert(complaintNotes)
      .values(notes.map((note) => ({ complaintId: made.id, adminId: note.by, body: note.body, at: ago(note.hoursAgo) })));
  }
}
