import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePhrase } from '../lib/phrases';
import { PortalLogin } from '../ui/portal/PortalLogin';
import { PORTALS, portalGuestGuard } from '../ui/portal/portal';

export const loader = portalGuestGuard(PORTALS.merchant);

export default function MerchantLogin() {
  const phrase = usePhrase();
  return (
    <PortalLogin
      portal={PORTALS.merchant}
      footer={
        <Text fz="sm" ta="center">
          <Anchor component={Link} to="/merchant/password/reset">
            {phrase('Forgot your password?')}
          </Anchor>
        </Text>
      }
    />
  );
}
