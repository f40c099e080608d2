# frozen_string_literal: true

require 'digest'

module Hashbench
  module Adapters
    # The standard library's Digest (Ruby's own C code, not OpenSSL): Digest::SHA256.digest
    # (oneshot), Digest::SHA256.new with update and digest (new), and one instance with
    # reset (reset).
    class DigestStd < Adapter
      ID = 'ruby/digest'
      OPS = %w[digest bench].freeze
      MODES = %w[oneshot new reset].freeze
      NOTES = "Ruby's bundled C digests (ext/digest), not OpenSSL"
      CLASSES = { 'md5' => 'MD5', 'sha1' => 'SHA1', 'sha256' => 'SHA256', 'sha512' => 'SHA512' }.freeze

      def version = "digest #{Digest::VERSION} (Ruby #{RUBY_VERSION})"

      def digester(alg, mode, input)
        klass = Digest.const_get(CLASSES.fetch(alg))
        digest_modes(mode, input, -> { klass.digest(input) }, -> { klass.new })
      end
    end
  end
end
